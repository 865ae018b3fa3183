import { Tabs } from '@mantine/core'
import { useState } from 'react'
import { CheckEmailPanel } from './check-email-panel'
import { GoogleSignIn } from './google-button'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

export type AuthTab = 'login' | 'register'

interface AuthPanelProps {
  initialTab?: AuthTab
  /** An error to show on the Sign In tab at first (a failed Google sign-in). */
  initialError?: string
  /** The session now holds the user: the modal closes, the page goes to /. */
  onSignedIn: () => void
  /** The user follows a link out of the panel ("Forgot password?"). */
  onLeave?: () => void
  /** A path of the shop the confirmation mail leads back to after signing in (issue 43 §4). */
  returnTo?: string | undefined
}

/**
 * The tabs Sign In and Register of the auth modal and the /auth page (spec browsing-and-purchase
 * §4 "Auth modal or page"). After a registration the Register tab shows "Check your email";
 * "Back to Sign In" resets it and opens Sign In with the registered email filled in.
 */
export function AuthPanel({ initialTab = 'login', initialError, onSignedIn, onLeave, returnTo }: AuthPanelProps) {
  const [tab, setTab] = useState<AuthTab>(initialTab)
  const [registered, setRegistered] = useState<{ email: string; message: string } | null>(null)
  // A new key remounts the login form with the registered email.
  const [login, setLogin] = useState({ key: 0, email: '' })

  return (
    <div>
      <Tabs value={tab} onChange={(value) => setTab(value === 'register' ? 'register' : 'login')}>
        <Tabs.List grow>
          <Tabs.Tab value="login">Sign In</Tabs.Tab>
          <Tabs.Tab value="register">Register</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login" pt="lg">
          <LoginForm
            key={login.key}
            initialEmail={login.email}
            initialError={login.key === 0 ? initialError : undefined}
            onSignedIn={onSignedIn}
            onLeave={onLeave}
          />
        </Tabs.Panel>
        <Tabs.Panel value="register" pt="lg">
          {registered ? (
            <CheckEmailPanel
              email={registered.email}
              message={registered.message}
              onBack={() => {
                setLogin((previous) => ({ key: previous.key + 1, email: registered.email }))
                setRegistered(null)
                setTab('login')
              }}
            />
          ) : (
            <RegisterForm returnTo={returnTo} onRegistered={(email, message) => setRegistered({ email, message })} />
          )}
        </Tabs.Panel>
      </Tabs>
      {tab === 'register' && registered ? null : <GoogleSignIn />}
    </div>
  )
}
