import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { LIMITS } from '@shop/shared';

interface ToastContextValue {
  showToast: (message: string) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

/** The green success notice (e.g. '¡Producto agregado al carrito!'), shown for 2.5 s. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const [serial, setSerial] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  const showToast = useCallback((text: string) => {
    setMessage(text);
    setSerial((n) => n + 1);
  }, []);

  useEffect(() => {
    if (message === null) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setMessage(null), LIMITS.toastMs);
    return () => window.clearTimeout(timer.current);
  }, [message, serial]);

  return (
    <ToastContext.Provider value={{ showToast }}>
      {children}
      <div className="toast-region" role="status" aria-live="polite" data-testid="toast-region">
        {message && (
          <div className="toast toast--success" key={serial} data-testid="toast">
            <CheckCircle2 size={20} aria-hidden="true" />
            <span>{message}</span>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside ToastProvider');
  return value;
}
