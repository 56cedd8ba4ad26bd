import { describe, expect, it, vi } from 'vitest';
import { error, type Rendered } from '../../../core/index.ts';
import { RENDER_CODES } from '../../jinja/render-codes.ts';
import { renderStatusText } from './render-status-text.ts';

const rendered = (code?: string, message = ''): Rendered => ({ text: '', spans: [], diagnostics: code ? [error(code, message)] : [] });

describe('renderStatusText', () => {
  it('says nothing while renders are quick and nothing ended one', () => {
    expect(renderStatusText({ stop: vi.fn(), retry: vi.fn() }, rendered(), false)).toBeUndefined();
  });

  it('offers Stop once the render runs long, which stops the renderer', () => {
    const renderer = { stop: vi.fn(), retry: vi.fn() };
    const said = renderStatusText(renderer, rendered(), true);
    expect(said?.sentence).toBe('Rendering the template…');
    said?.action?.run();
    expect(said?.action?.label).toBe('Stop');
    expect(renderer.stop).toHaveBeenCalled();
  });

  it('says a stopped render was stopped by the person, and offers Render again', () => {
    const renderer = { stop: vi.fn(), retry: vi.fn() };
    const said = renderStatusText(renderer, rendered(RENDER_CODES.stopped, 'Stopped: you stopped the template render. …'), false);
    expect(said?.sentence).toBe('Stopped: you stopped the template render.');
    said?.action?.run();
    expect(renderer.retry).toHaveBeenCalled();
  });

  it('says a render the core\'s budget ended "Stopped: the template ran past its budget", with no Render again (the same budget stops it again)', () => {
    const said = renderStatusText({ stop: vi.fn(), retry: vi.fn() }, rendered(RENDER_CODES.overBudget, 'The template ran past its budget of 1,000 steps.'), false);
    expect(said?.sentence).toBe('Stopped: the template ran past its budget of 1,000 steps.');
    expect(said?.action).toBeUndefined();
  });

  it('tells a crash in the renderer\'s words, with Render again', () => {
    const said = renderStatusText({ stop: vi.fn(), retry: vi.fn() }, rendered(RENDER_CODES.crashed, 'The template render crashed (Out of memory).'), false);
    expect(said?.sentence).toBe('The template render crashed (Out of memory).');
    expect(said?.action?.label).toBe('Render again');
  });
});
