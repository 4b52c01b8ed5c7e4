import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LIMITS } from '@shop/shared';

export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
}

/** Scrolls to a home section; from another page it goes to / first and scrolls about 100 ms later. */
export function useGoToSection() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (id: string) => {
      if (pathname === '/') {
        scrollToSection(id);
        return;
      }
      navigate('/');
      window.setTimeout(() => scrollToSection(id), LIMITS.anchorScrollMs);
    },
    [navigate, pathname],
  );
}
