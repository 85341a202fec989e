import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { closeInformationBar, informationBar, showPanel } from '../../lib/informationBar';
import { renderElement } from '../../test/render';
import { InformationBar } from './InformationBar';
import { InformationOverlay } from './InformationOverlay';

function fillPanels() {
  act(() => {
    showPanel('notification', { title: 'Notification', content: <p>Saved by someone else.</p> });
    showPanel('taskBar', { title: 'Tasks', content: <p>Review the case</p> });
    showPanel('entityPreview', { title: 'Preview', content: <p>Jane Smith</p> });
  });
}

const bar = () => screen.queryByRole('complementary', { name: 'Information' });

describe('the information bar', () => {
  it('is not shown while closed, nor open with nothing in it', () => {
    renderElement(<InformationBar overlay={false} />);
    expect(bar()).not.toBeInTheDocument();
    act(() => informationBar.set({ open: true, panels: {} }));
    expect(bar()).not.toBeInTheDocument();
  });

  it('shows its panels in the spec’s order, whatever order they were filled in', () => {
    renderElement(<InformationBar overlay={false} />);
    fillPanels();
    expect(bar()).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Tasks',
      'Preview',
      'Notification',
    ]);
    expect(screen.getByText('Review the case')).toBeVisible();
  });

  it('puts the focus on its close button when it opens, and gives it back when it closes', async () => {
    const { user } = renderElement(
      <>
        <button type="button">Preview this person</button>
        <InformationBar overlay={false} />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Preview this person' });
    opener.focus();
    fillPanels();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close the information bar' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Close the information bar' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('collapses and expands a panel by its header', async () => {
    const { user } = renderElement(<InformationBar overlay={false} />);
    fillPanels();
    const tasks = screen.getByRole('button', { name: 'Tasks' });
    expect(tasks).toHaveAttribute('aria-expanded', 'true');

    await user.click(tasks);
    expect(tasks).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(screen.queryByText('Review the case')).not.toBeInTheDocument());
    // The other panels stay as they were.
    expect(screen.getByText('Jane Smith')).toBeVisible();

    await user.click(tasks);
    expect(tasks).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Review the case')).toBeVisible();
  });

  it('closes with its close button and forgets its panels', async () => {
    const { user } = renderElement(<InformationBar overlay={false} />);
    fillPanels();
    await user.click(screen.getByRole('button', { name: 'Close the information bar' }));
    await waitFor(() => expect(bar()).not.toBeInTheDocument());
    expect(informationBar.get()).toEqual({ open: false, panels: {} });
  });

  it('closes with Escape and forgets its panels', async () => {
    const { user } = renderElement(<InformationBar overlay={false} />);
    fillPanels();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close the information bar' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(bar()).not.toBeInTheDocument());
    expect(informationBar.get()).toEqual({ open: false, panels: {} });
  });

  it('on a small screen, lies over the page and closes with Escape', async () => {
    const { user } = renderElement(<InformationBar overlay />);
    fillPanels();
    const dialog = await screen.findByRole('dialog', { name: 'Information' });
    expect(dialog).toHaveTextContent('Review the case');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close the information bar' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(informationBar.get()).toEqual({ open: false, panels: {} });
  });

  it('opens its preview larger in the information overlay, titled by it, and Escape closes only that', async () => {
    const { user } = renderElement(
      <>
        <InformationBar overlay={false} />
        <InformationOverlay />
      </>,
    );
    act(() => showPanel('documentPreview', { title: 'Document preview', content: <p>Page 1 of the letter</p> }));
    await user.click(screen.getByRole('button', { name: 'Open larger' }));
    const overlay = await screen.findByRole('dialog', { name: 'Document preview' });
    expect(overlay).toHaveTextContent('Page 1 of the letter');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bar()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open larger' })).toHaveFocus();
  });

  it('titles the overlay Previews when it holds several, leaves out what is not a preview, and closes with the bar', async () => {
    const { user } = renderElement(
      <>
        <InformationBar overlay={false} />
        <InformationOverlay />
      </>,
    );
    fillPanels();
    act(() => showPanel('documentPreview', { title: 'Document preview', content: <p>Page 1 of the letter</p> }));
    await user.click(screen.getByRole('button', { name: 'Open larger' }));
    const overlay = await screen.findByRole('dialog', { name: 'Previews' });
    expect(overlay).toHaveTextContent('Jane Smith');
    expect(overlay).toHaveTextContent('Page 1 of the letter');
    // A task bar is work beside the form, not a preview.
    expect(overlay).not.toHaveTextContent('Review the case');
    act(() => closeInformationBar());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
