import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from './Button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './Dialog.tsx';

function GoalDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Edit goal</Button>
      </DialogTrigger>
      <DialogContent title="Daily goal" description="How many minutes do you want to read each day?">
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

describe('Dialog', () => {
  it('opens as a named, described dialog', async () => {
    const user = userEvent.setup();
    render(<GoalDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit goal' }));
    const dialog = screen.getByRole('dialog', { name: 'Daily goal' });
    const descriptionId = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(descriptionId)?.textContent).toBe(
      'How many minutes do you want to read each day?',
    );
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes with Escape and returns focus to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<GoalDialog />);
    const trigger = screen.getByRole('button', { name: 'Edit goal' });
    await user.click(trigger);
    expect(screen.getByRole('dialog')).toBeDefined();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with its labelled close button', async () => {
    const user = userEvent.setup();
    render(<GoalDialog />);
    await user.click(screen.getByRole('button', { name: 'Edit goal' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes from a DialogClose action', async () => {
    const user = userEvent.setup();
    render(<GoalDialog />);
    await user.click(screen.getByRole('button', { name: 'Edit goal' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
