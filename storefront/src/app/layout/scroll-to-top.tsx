import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { LIMITS } from '@shop/shared';

/** Every route change scrolls to the top, and again after 50 ms. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    const timer = window.setTimeout(() => window.scrollTo(0, 0), LIMITS.scrollTopRepeatMs);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return null;
}
