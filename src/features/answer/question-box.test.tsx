// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useLocaleStore } from '../../i18n/locale-store.ts';
import { QuestionBox } from './question-box.tsx';

afterEach(() => {
  cleanup();
  useLocaleStore.getState().applyLocale('en');
});

const box = (onSend = vi.fn()) =>
  render(<QuestionBox label="Ask" placeholder="" value="Why?" onChange={vi.fn()} onSend={onSend} onStop={vi.fn()} status={{ kind: 'failed', message: 'x' }} />);

// A failed question offers to send it again, in the UI's language (its Retry was English in every UI).
describe('QuestionBox after a failure', () => {
  it('offers Retry, which sends the question again', () => {
    const onSend = vi.fn();
    box(onSend);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('says Retry in Persian in the Persian UI', () => {
    useLocaleStore.getState().applyLocale('fa');
    box();
    expect(screen.getByRole('button', { name: 'تلاش دوباره' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
