import { initialsOf, type SessionUser } from "~/domain/accounts/session-user";

export function UserAvatar({ user, size = 32 }: { user: SessionUser; size?: number }) {
  if (user.avatarUrl) {
    return (
      <img
        src={user.avatarUrl}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white"
      style={{ width: size, height: size }}
    >
      {initialsOf(user)}
    </span>
  );
}
