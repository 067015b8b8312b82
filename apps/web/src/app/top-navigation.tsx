import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { readAuthToken } from '../lib/auth-cookie';
import { useSession } from '../lib/current-user';
import { isEnrolmentOnlyToken } from '../features/account/two-factor/components/enrolment-gate';
import { navigationLinks } from './navigation-links';

/**
 * The role from the current-user call picks the links; NavLink marks the current page with
 * aria-current. On a narrow screen the links fold behind a Menu button (a disclosure: aria-expanded,
 * Escape closes it and returns focus), so the navigation takes one row instead of three.
 */
export function TopNavigation() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location.key);
  const visitor = session.status !== 'user' ? 'anonymous' : isEnrolmentOnlyToken(readAuthToken()) ? 'enrolment' : session.user.role;
  const links = navigationLinks[visitor];

  if (isOpen && openedAt !== location.key) {
    // Following a link closes the menu (adjusted while rendering, not in an effect).
    setIsOpen(false);
  }

  useEffect(() => {
    if (!isOpen) return;
    function onPointerDown(event: PointerEvent) {
      const nav = toggle.current?.closest('nav');
      if (nav && event.target instanceof Node && !nav.contains(event.target)) setIsOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && isOpen) {
      setIsOpen(false);
      toggle.current?.focus();
    }
  }

  return (
    <nav aria-label={t('nav.label')} className="top-nav" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="top-nav__toggle"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => {
          setOpenedAt(location.key);
          setIsOpen((open) => !open);
        }}
      >
        <span className="top-nav__toggle-icon" aria-hidden="true" />
        {t('menu.button')}
      </button>
      <ul id={listId} className={`top-nav__list${isOpen ? ' top-nav__list--open' : ''}`}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className="top-nav__link">
              {t(link.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
