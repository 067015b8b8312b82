import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { PdfViewer } from './pdf-viewer';

// PDF.js cannot draw in jsdom: the engine is replaced, the viewer's own work is what is tested.
const engine = vi.hoisted(() => ({
  openPdf: vi.fn(),
  pageSizes: vi.fn(),
  renderPage: vi.fn(),
}));
vi.mock('./pdf-engine', () => ({ openPdf: engine.openPdf, pageSizes: engine.pageSizes, renderPage: engine.renderPage }));

const pdfBytes = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], { type: 'application/pdf' });

beforeEach(() => {
  engine.openPdf.mockReset().mockReturnValue({ promise: Promise.resolve({ numPages: 2 }), destroy: vi.fn(async () => undefined) });
  engine.pageSizes.mockReset().mockResolvedValue([
    { width: 600, height: 800 },
    { width: 600, height: 800 },
  ]);
  engine.renderPage.mockReset().mockReturnValue({ cancel: vi.fn(), done: Promise.resolve() });
});

describe('PdfViewer', () => {
  it('opens the bytes it is given and draws every page with its text layer, labelled by page', async () => {
    const loadDocument = vi.fn(async () => pdfBytes);
    const { container } = render(<PdfViewer loadDocument={loadDocument} label="scan.pdf" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the document...');

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Pages: 2'));
    expect(loadDocument).toHaveBeenCalledTimes(1);
    expect(engine.openPdf).toHaveBeenCalledWith(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]));
    expect(screen.getByRole('region', { name: 'scan.pdf' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('group', { name: 'Page 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Page 2 of 2' })).toBeInTheDocument();
    expect(container.querySelectorAll('.pdf-page canvas')).toHaveLength(2);
    expect(container.querySelectorAll('.pdf-page .textLayer')).toHaveLength(2);
    await waitFor(() => expect(engine.renderPage).toHaveBeenCalledTimes(2));
    expect(engine.renderPage.mock.calls.map((call) => call[1])).toEqual([1, 2]);
  });

  it('says the document cannot be shown when it cannot be read, and points to Download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    engine.openPdf.mockReturnValue({ promise: Promise.reject(new Error('Invalid PDF structure')), destroy: vi.fn(async () => undefined) });
    render(<PdfViewer loadDocument={async () => pdfBytes} label="broken.pdf" />);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('The document cannot be shown here. Use Download PDF to open it on your device.'),
    );
  });

  it('stops drawing and releases the document when closed', async () => {
    const destroy = vi.fn(async () => undefined);
    const cancel = vi.fn();
    engine.openPdf.mockReturnValue({ promise: Promise.resolve({ numPages: 2 }), destroy });
    engine.renderPage.mockReturnValue({ cancel, done: new Promise(() => undefined) });
    const { unmount } = render(<PdfViewer loadDocument={async () => pdfBytes} label="scan.pdf" />);
    await waitFor(() => expect(engine.renderPage).toHaveBeenCalled());
    unmount();
    expect(destroy).toHaveBeenCalled();
    expect(cancel).toHaveBeenCalled();
  });
});
