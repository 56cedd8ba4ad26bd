// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallButton } from './InstallButton.tsx';
import { pwaStore, type InstallPromptEvent } from './pwa-state.ts';
import { startPwa } from './start.ts';
import { UpdatePrompt } from './UpdatePrompt.tsx';

afterEach(() => {
  cleanup();
  pwaStore.setState({ update: 'current', updateProblem: null, installPrompt: null });
});

/** Chromium's install offer, as the page receives it. */
function installOffer(): InstallPromptEvent & { prompt: ReturnType<typeof vi.fn> } {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent & { prompt: ReturnType<typeof vi.fn> };
  Object.assign(event, { prompt: vi.fn(async () => undefined), userChoice: Promise.resolve({ outcome: 'accepted' }) });
  return event;
}

describe('InstallButton', () => {
  it('is absent until the browser offers to install, then shows the offer when clicked, once', async () => {
    // Start-up never resolves here: only the install offer's listener is wanted.
    startPwa(new Promise(() => undefined));
    render(<InstallButton />);
    expect(screen.queryByRole('button', { name: 'Install Parley' })).toBeNull();

    const offer = installOffer();
    act(() => void window.dispatchEvent(offer));
    // Kept for the button, instead of the browser's own mini-bar.
    expect(offer.defaultPrevented).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install Parley' })));
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    // An offer is used once.
    expect(screen.queryByRole('button', { name: 'Install Parley' })).toBeNull();
  });

  it('goes away once the app is installed', () => {
    startPwa(new Promise(() => undefined));
    render(<InstallButton />);
    act(() => void window.dispatchEvent(installOffer()));
    expect(screen.getByRole('button', { name: 'Install Parley' })).toBeTruthy();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('button', { name: 'Install Parley' })).toBeNull();
  });
});

describe('UpdatePrompt', () => {
  it('shows nothing while the page runs the newest version', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('region', { name: 'New version' })).toBeNull();
  });

  it('announces a waiting version with Reload, and why a Reload did not happen', () => {
    render(<UpdatePrompt />);
    act(() => pwaStore.setState({ update: 'ready' }));
    const region = screen.getByRole('region', { name: 'New version' });
    expect(region.textContent).toContain('A new version of Parley is ready.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reload anyway' })).toBeNull();

    act(() => pwaStore.setState({ updateProblem: 'The conversation could not be saved in this browser: quota' }));
    expect(screen.getByRole('alert', { name: 'Update problem' }).textContent).toContain('Not reloaded: The conversation could not be saved in this browser: quota.');
    expect(screen.getByRole('button', { name: 'Reload anyway' })).toBeTruthy();
  });

  it('says when another tab applied the new version', () => {
    render(<UpdatePrompt />);
    act(() => pwaStore.setState({ update: 'elsewhere' }));
    expect(screen.getByRole('region', { name: 'New version' }).textContent).toContain('Parley was updated in another tab');
  });
});
