import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { Pager } from './Pager';

test("with one page or none, 'Page 1 of 1' and its buttons are not shown", () => {
  const { container } = render(<Pager page={1} pages={1} onPageChange={vi.fn()} />);
  expect(container).toBeEmptyDOMElement();
  expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
});

test('with more pages, Previous is disabled on the first and Next moves on', async () => {
  const onPageChange = vi.fn();
  render(<Pager page={1} pages={3} onPageChange={onPageChange} />);
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(onPageChange).toHaveBeenCalledWith(2);
});

test("a capped total reads 'Page X of 50+'", () => {
  render(<Pager page={2} pages={50} hasMore onPageChange={vi.fn()} />);
  expect(screen.getByText('Page 2 of 50+')).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Page 2 of 50+' })).toBeInTheDocument();
});

test('past a capped total Next goes on, and the page reads as the last known: Page 51 of 51+', async () => {
  const onPageChange = vi.fn();
  const { rerender } = render(<Pager page={50} pages={50} hasMore onPageChange={onPageChange} />);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(onPageChange).toHaveBeenCalledWith(51);
  rerender(<Pager page={51} pages={50} hasMore onPageChange={onPageChange} />);
  expect(screen.getByText('Page 51 of 51+')).toBeInTheDocument();
  rerender(<Pager page={53} pages={53} onPageChange={onPageChange} />);
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
});
