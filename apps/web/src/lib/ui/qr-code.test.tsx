import { render, screen } from '@testing-library/react';
import QRCode from 'qrcode';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { QrCode } from './qr-code';

describe('QrCode', () => {
  it('says it is loading in a box of the code\u2019s size, then shows the code as an image', async () => {
    render(<QrCode text="otpauth://totp/Portal:anna?secret=ABC" size={220} alt="QR code for your app" className="qr-box" />);
    const loading = screen.getByRole('status');
    expect(loading).toHaveTextContent('Loading the QR code...');
    expect(loading).toHaveClass('qr-box');
    const image = await screen.findByRole('img', { name: 'QR code for your app' });
    expect(image).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(image).toHaveAttribute('width', '220');
    expect(image).toHaveClass('qr-box');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells the reader, in their language, when the code cannot be drawn', async () => {
    vi.spyOn(QRCode, 'toDataURL').mockImplementation(() => Promise.reject(new Error('offline')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('pl');
    render(<QrCode text="0000000000|PL|..." size={240} alt="Kod płatności" className="qr-box" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nie udało się wyświetlić kodu QR.');
    expect(alert).toHaveClass('qr-box');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
