import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy, TextLayer } from 'pdfjs-dist';
// Vite copies the worker into the build and hands back its address: no CDN, same origin (CSP 'self').
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// This module is only ever imported dynamically (by the viewer when a PDF is opened), so PDF.js
// and its worker are not part of any page's first download.
GlobalWorkerOptions.workerSrc = workerUrl;

/** Where vite.config.ts puts PDF.js's fonts, CMaps and image decoders: on our own origin. */
const ASSETS = `${import.meta.env.BASE_URL}pdfjs/`;

export type { PDFDocumentProxy };

/** Opens PDF bytes; `destroy()` the answer when done. */
export function openPdf(data: Uint8Array): { promise: Promise<PDFDocumentProxy>; destroy: () => Promise<void> } {
  const task = getDocument({
    data,
    // Our CSP allows no eval; PDF.js then draws fonts without compiling code.
    isEvalSupported: false,
    // Fonts a PDF names without embedding them (Helvetica, Times...), drawn with PDF.js's own
    // metric-compatible fonts rather than whatever the device has, so text spacing is right.
    useSystemFonts: false,
    standardFontDataUrl: `${ASSETS}standard_fonts/`,
    cMapUrl: `${ASSETS}cmaps/`,
    cMapPacked: true,
    wasmUrl: `${ASSETS}wasm/`,
  });
  return { promise: task.promise, destroy: () => task.destroy() };
}

export interface RenderedPage {
  cancel(): void;
  done: Promise<void>;
}

/**
 * Draws page `pageNumber` into `canvas` at `scale` CSS pixels per PDF point (sharp on high-density
 * screens) and lays its text over it in `textLayer`, so the text can be selected, searched and read
 * by a screen reader.
 */
export function renderPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
  { canvas, textLayer, scale }: { canvas: HTMLCanvasElement; textLayer: HTMLElement; scale: number },
): RenderedPage {
  let cancelled = false;
  let cancelDrawing: () => void = () => undefined;
  const done = (async () => {
    const page = await pdf.getPage(pageNumber);
    if (cancelled) return;
    const viewport = page.getViewport({ scale });
    const pixelRatio = Math.min(window.devicePixelRatio || 1, 2);
    canvas.width = Math.floor(viewport.width * pixelRatio);
    canvas.height = Math.floor(viewport.height * pixelRatio);
    const task = page.render({
      canvas,
      viewport,
      transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0],
    });
    const text = new TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport });
    cancelDrawing = () => {
      task.cancel();
      text.cancel();
    };
    await Promise.all([task.promise, text.render()]);
  })();
  return {
    cancel() {
      cancelled = true;
      cancelDrawing();
    },
    done,
  };
}

/** Page sizes in PDF points (scale 1), for laying out placeholders before anything is drawn. */
export async function pageSizes(pdf: PDFDocumentProxy): Promise<{ width: number; height: number }[]> {
  const sizes = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const { width, height } = (await pdf.getPage(number)).getViewport({ scale: 1 });
    sizes.push({ width, height });
  }
  return sizes;
}
