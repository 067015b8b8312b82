import type { ReactNode } from 'react';
import { Tabs, type TabsProps } from './tabs';
import { useDocumentTitle } from './use-document-title';

type PageShellProps<Id extends string> = {
  /** The page's heading (h1), also the first part of the browser tab's title. */
  title: string;
  /** When the tab's title should differ from the heading (e.g. a heading with a person's name). */
  documentTitle?: string;
  /** The welcome line under the heading ('Welcome, Jan Kowalski!'). */
  welcome?: ReactNode;
  /** The page's tab set, shown in a card under the heading (tab labels stack on a narrow screen). */
  tabs?: TabsProps<Id>;
  /** Anything else, under the tabs. */
  children?: ReactNode;
};

/**
 * The frame of a screen: heading, welcome line, tabs and the document title in the current
 * language. Every feature page starts with it so the next screen looks and behaves like the last.
 */
export function PageShell<Id extends string>({ title, documentTitle, welcome, tabs, children }: PageShellProps<Id>) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="page-shell">
      <header className="page-shell__header">
        <h1 className="page-shell__title">{title}</h1>
        {welcome !== undefined && <p className="page-shell__welcome">{welcome}</p>}
      </header>
      {tabs && (
        <section className="card page-shell__tabs">
          <Tabs {...tabs} />
        </section>
      )}
      {children}
    </div>
  );
}
