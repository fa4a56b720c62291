import type { ReactNode } from 'react';
import { AppLink } from '../../components/app-link';
import { ButtonLink } from '../../components/button-link';
import { paths } from '../../app/paths';
import { LOG_OUT_PATH } from '../../../shared/auth-state';
import { dashboardSamples } from './dashboard-samples';
import { MyRequests } from './my-requests';
import { PhoneUpdates } from './phone-updates';
import { RequestServiceForm } from './request-service-form';
import './dashboard.css';

type DashboardProps = {
  user: { fullName: string; email: string };
  onLogOut: () => void;
  loggingOut: boolean;
  /** The account settings (#settings), supplied by the page. */
  settings: ReactNode;
};

/** A button the spec shows but gives no action yet. */
function InertButton({ children }: { children: ReactNode }) {
  return (
    <button type="button" className="app-button app-button--secondary">
      {children}
    </button>
  );
}

/** One example card of the dashboard's grid, named by its heading. */
function DashboardCard({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="app-card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{heading}</h3>
      {children}
    </section>
  );
}

/**
 * The patient dashboard (spec section 2): welcome header, then the patient's own requests and appointments (issue
 * #29.8: the real thing first), then the spec's static cards labelled as examples, Request a Service, settings.
 */
export function Dashboard({ user, onLogOut, loggingOut, settings }: DashboardProps) {
  const name = user.fullName.trim() || 'User';
  return (
    <div className="app-container app-dashboard">
      <DashboardHeader name={name} onLogOut={onLogOut} loggingOut={loggingOut} />

      <MyRequests />
      <PhoneUpdates />

      <section className="app-dashboard__examples" aria-labelledby="examples-heading">
        <h2 id="examples-heading">Examples</h2>
        <p className="app-dashboard__note">
          These health cards show sample information while we connect your health records. They are examples, not your
          records.
        </p>
        <SampleCards name={name} email={user.email} />
      </section>

      <RequestServiceForm />
      {settings}
    </div>
  );
}

function DashboardHeader({ name, onLogOut, loggingOut }: { name: string; onLogOut: () => void; loggingOut: boolean }) {
  return (
    <header className="app-dashboard__header">
      <div>
        <h1 className="app-dashboard__title">Welcome, {name}</h1>
        <p className="app-dashboard__activity">Last activity: {dashboardSamples.lastActivity}</p>
      </div>
      {/* A plain form too: without JavaScript it posts to /logout, which ends the session and goes home. */}
      <form
        method="post"
        action={LOG_OUT_PATH}
        onSubmit={(event) => {
          event.preventDefault();
          onLogOut();
        }}
      >
        <button type="submit" className="app-button app-button--secondary" disabled={loggingOut}>
          {loggingOut ? 'Logging Out...' : 'Logout'}
        </button>
      </form>
    </header>
  );
}

/** The cards that show sample information until health records are connected; name and email are the account's. */
function SampleCards({ name, email }: { name: string; email: string }) {
  const samples = dashboardSamples;
  return (
    <div className="app-dashboard__grid">
      <DashboardCard id="health" heading="Health Summary">
        <dl className="app-dashboard__facts">
          {samples.health.map((item) => (
            <div key={item.label}>
              <dt>{item.label}</dt>
              <dd>{item.value}</dd>
            </div>
          ))}
        </dl>
      </DashboardCard>

      <DashboardCard id="appointments" heading="Upcoming Appointments">
        <p>
          <strong>{samples.appointment.when}</strong>
          <br />
          {samples.appointment.what} at {samples.appointment.where}
        </p>
        <div className="app-dashboard__actions">
          <InertButton>Reschedule</InertButton>
          <InertButton>Get Directions</InertButton>
        </div>
      </DashboardCard>

      <DashboardCard id="messages" heading="Messages & Notifications">
        <ul className="app-dashboard__list">
          {samples.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </DashboardCard>

      <DashboardCard id="book" heading="Book Appointment">
        <p>See a doctor online or in person at a time that suits you.</p>
        <div className="app-dashboard__actions">
          <ButtonLink href={paths.bookAppointment()}>Book Appointment</ButtonLink>
          <InertButton>Refill Prescription</InertButton>
        </div>
      </DashboardCard>

      <DashboardCard id="resources" heading="Resources & Recommendations">
        <ul className="app-dashboard__list">
          {samples.resources.map((resource) => (
            <li key={resource.label}>
              <strong>{resource.label}:</strong> {resource.description}
            </li>
          ))}
        </ul>
      </DashboardCard>

      <DashboardCard id="profile" heading="Account/Profile Info">
        <dl className="app-dashboard__facts">
          <div>
            <dt>Name</dt>
            <dd>{name}</dd>
          </div>
          <div>
            <dt>Insurance</dt>
            <dd>{samples.profile.insurer}</dd>
          </div>
          <div>
            <dt>Contact email</dt>
            <dd className="app-dashboard__email">{email}</dd>
          </div>
          <div>
            <dt>Emergency contact</dt>
            <dd>{samples.profile.emergencyContact}</dd>
          </div>
        </dl>
        <p>
          <AppLink href={paths.dashboardSettings()}>Settings</AppLink>
        </p>
      </DashboardCard>
    </div>
  );
}
