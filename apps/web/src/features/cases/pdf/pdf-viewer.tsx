import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CASES_NS } from '../i18n';
import type { RenderedPage } from './pdf-engine';
import './pdf-viewer.css';

type ViewerState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; pages: number };

export interface PdfViewerProps {
  /** The document's bytes; called once per mount (give the viewer a `key` per document). */
  loadDocument: (signal: AbortSignal) => Promise<Blob>;
  /** Names the scrollable page area for assistive technology. */
  label: string;
}

/** Width used when the layout gives the viewer none (it is hidden, or in a test without layout). */
const FALLBACK_WIDTH = 600;

/**
 * A PDF drawn by PDF.js, page by page, each with its text layer (selectable, searchable, read by
 * screen readers), so documents show on phones and in browsers without a built-in PDF viewer.
 * PDF.js loads only here, when a document is opened. Pages are drawn as they scroll into view.
 */
export function PdfViewer({ loadDocument, label }: PdfViewerProps) {
  const { t } = useTranslation(CASES_NS);
  const pagesRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    const rendering: RenderedPage[] = [];
    let destroy: () => Promise<void> = async () => undefined;
    let observer: IntersectionObserver | undefined;
    let resizeObserver: ResizeObserver | undefined;

    (async () => {
      const [engine, blob] = await Promise.all([import('./pdf-engine'), loadDocument(controller.signal)]);
      const opened = engine.openPdf(new Uint8Array(await blob.arrayBuffer()));
      destroy = opened.destroy;
      const pdf = await opened.promise;
      const sizes = await engine.pageSizes(pdf);
      const container = pagesRef.current;
      if (!container || controller.signal.aborted) return;

      const width = container.clientWidth || FALLBACK_WIDTH;
      container.replaceChildren();
      const pages = sizes.map((size, index) => {
        const scale = width / size.width;
        const page = document.createElement('div');
        page.className = 'pdf-page';
        page.setAttribute('role', 'group');
        page.setAttribute('aria-label', t('viewer.page', { number: index + 1, count: sizes.length }));
        page.style.aspectRatio = `${size.width} / ${size.height}`;
        page.style.setProperty('--scale-factor', String(scale));
        page.style.setProperty('--total-scale-factor', String(scale));
        const canvas = document.createElement('canvas');
        canvas.className = 'pdf-page-canvas';
        // The text layer carries the words; the drawing is for the eyes.
        canvas.setAttribute('aria-hidden', 'true');
        const textLayer = document.createElement('div');
        textLayer.className = 'textLayer';
        page.append(canvas, textLayer);
        container.append(page);
        return { page, canvas, textLayer, scale, drawn: false, size };
      });

      const draw = (index: number) => {
        const target = pages[index];
        if (!target || target.drawn || controller.signal.aborted) return;
        target.drawn = true;
        const rendered = engine.renderPage(pdf, index + 1, target);
        rendering.push(rendered);
        rendered.done.catch((error: unknown) => {
          if (!controller.signal.aborted) console.error('PDF page not drawn', error);
        });
      };

      if (typeof IntersectionObserver === 'function') {
        observer = new IntersectionObserver(
          (entries) => {
            for (const entry of entries) if (entry.isIntersecting) draw(pages.findIndex((p) => p.page === entry.target));
          },
          { root: container, rootMargin: '200px 0px' },
        );
        for (const { page } of pages) observer.observe(page);
      } else {
        pages.forEach((_, index) => draw(index));
      }

      // A narrower or wider viewer (a phone turned) rescales pages and text without redrawing.
      if (typeof ResizeObserver === 'function') {
        resizeObserver = new ResizeObserver(() => {
          const now = container.clientWidth;
          if (!now) return;
          for (const { page, size } of pages) page.style.setProperty('--total-scale-factor', String(now / size.width));
        });
        resizeObserver.observe(container);
      }
      setState({ status: 'ready', pages: sizes.length });
    })().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error('PDF not shown', error);
      setState({ status: 'failed' });
    });

    return () => {
      controller.abort();
      observer?.disconnect();
      resizeObserver?.disconnect();
      for (const page of rendering) page.cancel();
      void destroy();
    };
  }, [loadDocument, t]);

  return (
    <div className="pdf-viewer">
      <p className="pdf-viewer-status" role="status">
        {state.status === 'loading' && t('viewer.loading')}
        {state.status === 'failed' && t('viewer.failed')}
        {state.status === 'ready' && t('viewer.pages', { count: state.pages })}
      </p>
      <div
        ref={pagesRef}
        className="pdf-viewer-pages"
        data-state={state.status}
        role="region"
        aria-label={label}
        aria-busy={state.status === 'loading'}
        // Scrollable: it must be reachable by keyboard to scroll through the pages.
        tabIndex={0}
        hidden={state.status === 'failed'}
      />
    </div>
  );
}
