import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { afterLoad } from './after-load';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A module whose download the test finishes when it chooses. */
function controlledLoad() {
  let finish: (component: typeof Greeting) => void = () => {};
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<typeof Greeting>((resolve) => (finish = resolve));
  };
  return { load, finish: (component: typeof Greeting) => finish(component), calls: () => calls };
}

describe('afterLoad', () => {
  it('draws the placeholder until the code is in, then the part with its props; the code loads once', async () => {
    const module = controlledLoad();
    const Part = afterLoad(module.load, { placeholder: <p>Loading...</p> });
    const { unmount } = render(<Part name="Anna" />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => module.finish(Greeting));
    expect(screen.getByText('Hello, Anna')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    unmount();
    // Mounted again: drawn at once from the code already in, without the placeholder.
    render(<Part name="Jan" />);
    expect(screen.getByText('Hello, Jan')).toBeInTheDocument();
    expect(module.calls()).toBe(1);
  });

  it('draws nothing by default, and preload() starts the download before anything mounts', async () => {
    const module = controlledLoad();
    const Part = afterLoad(module.load);
    const preloaded = Part.preload();
    expect(module.calls()).toBe(1);
    const { container } = render(<Part name="Anna" />);
    expect(container).toBeEmptyDOMElement();
    await act(async () => {
      module.finish(Greeting);
      await preloaded;
    });
    expect(screen.getByText('Hello, Anna')).toBeInTheDocument();
    expect(module.calls()).toBe(1);
  });

  it('says so when its download failed, and Try again downloads it anew', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const Part = afterLoad(() => (calls++ === 0 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(Greeting)), { placeholder: <p>Loading...</p> });
    render(<Part name="Anna" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the page could not be loaded. Check your connection and try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello, Anna')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });

  it('a part that shows nothing while it loads (a closed dialog) is downloaded anew when it is drawn again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const Part = afterLoad(() => (calls++ === 0 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(Greeting)));
    const { rerender } = render(<Part name="closed" />);
    await waitFor(() => expect(calls).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
    // The click that opens it draws it with new props.
    rerender(<Part name="open" />);
    expect(await screen.findByText('Hello, open')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
