import { useEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { validateProof } from './checkout-rules';

export interface TransferProof {
  proof: File | null;
  preview: string | null;
  error: string | null;
  fileInput: RefObject<HTMLInputElement>;
  choose: (event: ChangeEvent<HTMLInputElement>) => void;
  remove: () => void;
}

/** The optional transfer proof: a checked image file and its object-URL preview (revoked when replaced). */
export function useTransferProof(): TransferProof {
  const [proof, setProof] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!proof) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(proof);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [proof]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) return;
    const problem = validateProof(file);
    if (problem) {
      setError(problem);
      setProof(null);
      event.target.value = '';
      return;
    }
    setError(null);
    setProof(file);
  };
  const remove = () => {
    setProof(null);
    setError(null);
    if (fileInput.current) fileInput.current.value = '';
  };
  return { proof, preview, error, fileInput, choose, remove };
}
