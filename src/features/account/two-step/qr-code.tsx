/** A QR code of a text drawn on a canvas (the `qrcode` library; no HTML or image URL, so nothing for the CSP to allow). */
import { useEffect, useRef } from 'react';
import { toCanvas } from 'qrcode';

export function QrCode({ text, label }: { text: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) void toCanvas(canvas.current, text, { width: 200, margin: 2, errorCorrectionLevel: 'M' });
  }, [text]);
  return <canvas ref={canvas} role="img" aria-label={label} width={200} height={200} />;
}
