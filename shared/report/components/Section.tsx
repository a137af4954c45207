import type { ComponentChildren } from 'preact';

/**
 * A titled part of the report; its id lets a reader (and a test) find it. `collapsed`: the part starts
 * closed behind its title (the popup keeps long tables out of the way at its small size).
 */
export function Section({
  id,
  title,
  collapsed = false,
  children,
}: {
  id: string;
  title: string;
  collapsed?: boolean;
  children: ComponentChildren;
}) {
  const heading = <h2 id={`${id}-title`}>{title}</h2>;
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      {collapsed ? (
        <details>
          <summary>{heading}</summary>
          {children}
        </details>
      ) : (
        <>
          {heading}
          {children}
        </>
      )}
    </section>
  );
}
