import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { avatarColor, MemberAvatar, MemberAvatarStack } from './MemberAvatar';

const member = (index: number) => ({ id: `u${index}`, email: `member${index}@example.com`, avatar: null });

describe('MemberAvatar', () => {
  test("without a picture, the e-mail's first letter, the e-mail as its name and on hover", () => {
    render(<MemberAvatar email="zoe@example.com" avatar={null} />);
    const avatar = screen.getByTitle('zoe@example.com');
    expect(avatar).toHaveTextContent('Zzoe@example.com');
    expect(screen.getByText('Z')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('zoe@example.com')).toHaveClass('sr-only');
  });

  test('the e-mail reads as typed: only the initial is upper-case, no text-transform reaches the e-mail', () => {
    render(<MemberAvatar email="Una.Smith@example.com" avatar={null} />);
    const name = screen.getByText('Una.Smith@example.com');
    expect(name.closest('.uppercase, .lowercase, .capitalize')).toBeNull();
    expect(screen.getByText('U')).toHaveAttribute('aria-hidden', 'true');
  });

  test('a picture address shows the picture, named by the e-mail', () => {
    render(<MemberAvatar email="zoe@example.com" avatar="https://cdn.example.com/zoe.png" />);
    const image = screen.getByRole('img', { name: 'zoe@example.com' });
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/zoe.png');
  });

  test('anything else in avatar is not loaded as a picture', () => {
    render(<MemberAvatar email="zoe@example.com" avatar="javascript:alert(1)" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTitle('zoe@example.com')).toBeInTheDocument();
  });

  test('the colour follows the e-mail: the same one always, different ones spread out', () => {
    expect(avatarColor('a@example.com')).toBe(avatarColor('A@example.com'));
    const colours = new Set(Array.from({ length: 20 }, (_, index) => avatarColor(`user${index}@example.com`)));
    expect(colours.size).toBeGreaterThan(3);
  });
});

describe('MemberAvatarStack', () => {
  test("shows 3 avatars, then '+N' for the other members", () => {
    render(<MemberAvatarStack avatars={[1, 2, 3, 4].map(member)} memberCount={7} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('member4@example.com')).not.toBeInTheDocument();
    expect(screen.getByText('+4')).toBeInTheDocument();
  });

  test("with every member pictured there is no '+N'", () => {
    render(<MemberAvatarStack avatars={[1, 2].map(member)} memberCount={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/^\+/)).not.toBeInTheDocument();
  });
});
