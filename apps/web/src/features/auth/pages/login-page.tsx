import { authMessages, commonMessages, fullName, type LoginChallengeResponse, type LoginRequest, type RegisterRequest } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { reloadSoon, storeAuthToken } from '../../../lib/auth-cookie';
import { logOut } from '../../../lib/log-out';
import { currentUserQueryKey, fetchCurrentUser, useSession } from '../../../lib/current-user';
import { useMessageText, useTranslation } from '../../../lib/i18n';
import { RETURN_PATH_PARAM, safeReturnPath } from '../../../lib/return-path';
import { servicesByRole } from '../../../lib/service-links';
import { afterLoad, usePreloadWhenIdle } from '../../../lib/ui/after-load';
import { LoadingState } from '../../../lib/ui/list-states';
import { Tabs } from '../../../lib/ui/tabs';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { useLogInMutation, useRegisterMutation } from '../api/mutations';
import { PasskeySignIn } from '../components/passkey-sign-in';
import { TwoFactorReminder } from '../components/two-factor-reminder';
import { AUTH_NS } from '../i18n';
import '../auth.css';

type AuthTab = 'login' | 'register' | 'reset';

// The welcome view comes first and the forms after a click on Login: their code (with the form
// library) is not part of the page's first download, and is fetched when the browser is idle, so
// it is in before the click (issue 16).
const placeholder = <LoadingState />;
const LoginForm = afterLoad(() => import('../components/login-form').then((module) => module.LoginForm), { placeholder });
const RegisterForm = afterLoad(() => import('../components/register-form').then((module) => module.RegisterForm), { placeholder });
const ResetForm = afterLoad(() => import('../components/reset-form').then((module) => module.ResetForm), { placeholder });
const SecondFactorForm = afterLoad(() => import('../components/second-factor-form').then((module) => module.SecondFactorForm), { placeholder });
type PersonName = { firstName: string; lastName: string };

/**
 * Spec sections 2 and 4: a welcome view with Login and Logout; Login opens the Login / Register /
 * Reset tabs. Success stores the token, greets by first name with 'Login success!', links to the
 * services of the person's role and reloads; a failure returns silently to the welcome view.
 * Opened from a page that needs a sign-in (`?next=`, issue 35), it says so, shows the forms at
 * once and loads that page instead of reloading this one.
 */
export function LoginPage() {
  const { t } = useTranslation(AUTH_NS);
  const message = useMessageText();
  const session = useSession();
  const queryClient = useQueryClient();
  const logInMutation = useLogInMutation();
  const registerMutation = useRegisterMutation();
  const [searchParams] = useSearchParams();
  const returnPath = safeReturnPath(searchParams.get(RETURN_PATH_PARAM));
  const [showForms, setShowForms] = useState(returnPath !== undefined && session.status !== 'user');
  const [tab, setTab] = useState<AuthTab>('login');
  /** Who the welcome greets: the first name in English (spec section 2), the full name in Polish. */
  const [greeted, setGreeted] = useState<PersonName>();
  /** Two-factor sign-in (issue 21): the challenge a right password answered for an account with a second factor. */
  const [secondStep, setSecondStep] = useState<LoginChallengeResponse['secondFactor']>();
  const formsRef = useRef<HTMLElement>(null);
  usePreloadWhenIdle(LoginForm, RegisterForm, ResetForm, SecondFactorForm);
  useDocumentTitle(t('common:page.login'));

  async function completeSignIn(token: string, knownName?: PersonName) {
    storeAuthToken(token);
    let name = knownName;
    if (name === undefined) {
      try {
        const me = await queryClient.fetchQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser });
        name = { firstName: me.firstName, lastName: me.lastName };
      } catch (error) {
        console.error('[login] could not load the signed-in user', error);
        name = { firstName: '', lastName: '' };
      }
    }
    setGreeted(name);
    reloadSoon(undefined, returnPath);
  }

  function backToWelcome(error: unknown) {
    // Spec section 8: a failed login or register is silent for the visitor.
    console.error('[login] sign-in failed', error);
    setShowForms(false);
  }

  function onLogIn(values: LoginRequest) {
    logInMutation.mutate(values, {
      onSuccess: (answer) => ('tokenJWT' in answer ? completeSignIn(answer.tokenJWT) : setSecondStep(answer.secondFactor)),
      onError: backToWelcome,
    });
  }

  function onRegister(values: RegisterRequest) {
    registerMutation.mutate(values, {
      onSuccess: ({ tokenJWT }) => completeSignIn(tokenJWT, { firstName: values.firstName, lastName: values.lastName }),
      onError: backToWelcome,
    });
  }

  function openForms() {
    setShowForms(true);
    setTab('login');
  }

  useEffect(() => {
    // Move the keyboard user to the tabs that just appeared.
    if (showForms) formsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [showForms]);

  const name = greeted ?? (session.status === 'user' ? session.user : undefined);
  const firstName = name?.firstName;
  const isBusy = logInMutation.isPending || registerMutation.isPending;

  return (
    <div className="login-page">
      <section className="welcome card" aria-labelledby="welcome-title">
        <h1 id="welcome-title" className="welcome__title">
          {t('common:welcomeText')}
        </h1>
        {firstName !== undefined ? (
          <div className="welcome__success">
            <p className="welcome__greeting">{t('welcomeUser', { firstName, fullName: name ? fullName(name).trim() : '' })}</p>
            <p role="status" className="welcome__status">
              {message(authMessages.loginSuccess)}
            </p>
            {session.status === 'user' && <TwoFactorReminder isStaff={session.user.role !== 'USER'} />}
            {session.status === 'user' && (
              <nav className="welcome__services" aria-labelledby="welcome-services-title">
                <h2 id="welcome-services-title" className="welcome__services-title">
                  {t('yourServices')}
                </h2>
                <ul className="welcome__service-list">
                  {servicesByRole[session.user.role].map((link) => (
                    <li key={`${link.to} ${link.labelKey}`}>
                      <Link to={link.to} className="welcome__service-link">
                        {t(`common:${link.labelKey}`)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </div>
        ) : session.status === 'loading' ? (
          <p role="status">{message(commonMessages.loading)}</p>
        ) : (
          <>
            <p className="welcome__prompt">{t('prompt')}</p>
            {returnPath !== undefined && <p className="welcome__return">{t('returnNotice')}</p>}
          </>
        )}
        <div className="button-row">
          {firstName === undefined && (
            <button type="button" className="button button--primary" onClick={openForms} aria-expanded={showForms} aria-controls={showForms ? 'auth-forms' : undefined}>
              {t('login')}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={logOut}>
            {t('logout')}
          </button>
        </div>
      </section>

      {showForms && firstName === undefined && secondStep && (
        <section id="auth-forms" className="card auth-forms" aria-label={t('secondFactor.title')}>
          <SecondFactorForm
            challenge={secondStep}
            onToken={(token) => void completeSignIn(token)}
            onRestart={() => {
              setSecondStep(undefined);
              setTab('login');
            }}
          />
        </section>
      )}
      {showForms && firstName === undefined && !secondStep && (
        <section id="auth-forms" ref={formsRef} className="card auth-forms" aria-label={t('tabs.label')}>
          <Tabs<AuthTab>
            label={t('tabs.label')}
            selected={tab}
            onSelect={setTab}
            tabs={[
              {
                id: 'login',
                label: t('tabs.login'),
                panel: (
                  <>
                    <LoginForm isBusy={isBusy} onSubmit={onLogIn} />
                    <PasskeySignIn onToken={(token) => void completeSignIn(token)} />
                  </>
                ),
              },
              { id: 'register', label: t('tabs.register'), panel: <RegisterForm isBusy={isBusy} onSubmit={onRegister} /> },
              { id: 'reset', label: t('tabs.reset'), panel: <ResetForm /> },
            ]}
          />
        </section>
      )}
    </div>
  );
}
