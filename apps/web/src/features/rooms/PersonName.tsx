interface PersonNameProps {
  person: { name: string; email: string };
  className?: string;
}

/**
 * A member or author: the name first, the e-mail after it in quieter text, since two people may share a
 * name. An account without a name (none should have one) reads as its e-mail alone.
 */
export function PersonName({ person, className }: PersonNameProps) {
  return (
    <span className={className} title={person.email}>
      {person.name ? (
        <>
          <span className="font-medium text-slate-900 dark:text-slate-100">{person.name}</span>{' '}
          <span className="text-slate-500 dark:text-slate-400">{person.email}</span>
        </>
      ) : (
        person.email
      )}
    </span>
  );
}
