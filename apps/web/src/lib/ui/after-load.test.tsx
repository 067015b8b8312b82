import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
