import { Avatar } from "~/components/blog/avatar";
import { initialsOf, type SessionUser } from "~/domain/accounts/session-user";

/** The signed-in user's picture, or their initials (also when the picture fails to load). */
export function UserAvatar({ user, size = 32 }: { user: SessionUser; size?: number }) {
  return (
    <Avatar
      name={user.fullName || user.email}
      text={initialsOf(user)}
      src={user.avatarUrl}
      size={size}
    />
  );
}
