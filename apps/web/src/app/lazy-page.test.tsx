import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

const pageModule = () => ({ SomePage: () => <h1>Some page</h1> });

describe('a page whose code loads on first visit', () => {
  it('shows Loading... until its code arrives, then the page', async () => {
    let arrive: (module: ReturnType<typeof pageModule>) => void = () => undefined;
    const Page = lazyPage(() => new Promise<ReturnType<typeof pageModule>>((resolve) => (arrive = resolve)), 'SomePage');
    render(<Page />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => arrive(pageModule()));
    expect(await screen.findByRole('heading', { name: 'Some page' })).toBeInTheDocument();
  });

  it('renders at once, without Loading..., when its code was preloaded while the session loaded', async () => {
    const load = vi.fn(async () => pageModule());
    const Page = lazyPage(load, 'SomePage');
    await Page.preload();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Some page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks for the code again on the next visit when the download failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(pageModule());
    const Page = lazyPage(load, 'SomePage');
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Some page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
