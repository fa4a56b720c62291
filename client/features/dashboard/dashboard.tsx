import type { ReactNode } from 'react';
import { AppLink } from '../../components/app-link';
import { ButtonLink } from '../../components/button-link';
import { paths } from '../../app/paths';
import { LOG_OUT_PATH } from '../../../shared/auth-state';
import { dashboardSamples } from './dashboard-samples';
import { MyRequests } from './my-requests';
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

/** The patient dashboard (spec section 2): welcome header, static sample cards, Request a Service, settings. */
export function Dashboard({ user, onLogOut, loggingOut, settings }: DashboardProps) {
  const name = user.fullName.trim() || 'User';
  const samples = dashboardSamples;
  return (
    <div className="app-container app-dashboard">
      <header className="app-dashboard__header">
        <div>
          <h1 className="app-dashboard__title">Welcome, {name}</h1>
          <p className="app-dashboard__activity">Last activity: {samples.lastActivity}</p>
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

      <p className="app-dashboard__note">
        The health cards below show sample information while we connect your health records.
      </p>

      <div className="app-dashboard__grid">
        <section className="app-card" aria-labelledby="health-heading">
          <h2 id="health-heading">Health Summary</h2>
          <dl className="app-dashboard__facts">
            {samples.health.map((item) => (
              <div key={item.label}>
                <dt>{item.label}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="app-card" aria-labelledby="appointments-heading">
          <h2 id="appointments-heading">Upcoming Appointments</h2>
          <p>
            <strong>{samples.appointment.when}</strong>
            <br />
            {samples.appointment.what} at {samples.appointment.where}
          </p>
          <div className="app-dashboard__actions">
            <InertButton>Reschedule</InertButton>
            <InertButton>Get Directions</InertButton>
          </div>
        </section>

        <section className="app-card" aria-labelledby="messages-heading">
          <h2 id="messages-heading">Messages &amp; Notifications</h2>
          <ul className="app-dashboard__list">
            {samples.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </section>

        <section className="app-card" aria-labelledby="book-heading">
          <h2 id="book-heading">Book Appointment</h2>
          <p>See a doctor online or in person at a time that suits you.</p>
          <div className="app-dashboard__actions">
            <ButtonLink href={paths.bookAppointment()}>Book Appointment</ButtonLink>
            <InertButton>Refill Prescription</InertButton>
          </div>
        </section>

        <section className="app-card" aria-labelledby="resources-heading">
          <h2 id="resources-heading">Resources &amp; Recommendations</h2>
          <ul className="app-dashboard__list">
            {samples.resources.map((resource) => (
              <li key={resource.label}>
                <strong>{resource.label}:</strong> {resource.description}
              </li>
            ))}
          </ul>
        </section>

        <section className="app-card" aria-labelledby="profile-heading">
          <h2 id="profile-heading">Account/Profile Info</h2>
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
              <dd className="app-dashboard__email">{user.email}</dd>
            </div>
            <div>
              <dt>Emergency contact</dt>
              <dd>{samples.profile.emergencyContact}</dd>
            </div>
          </dl>
          <p>
            <AppLink href={paths.dashboardSettings()}>Settings</AppLink>
          </p>
        </section>
      </div>

      <MyRequests />
      <RequestServiceForm />
      {settings}
    </div>
  );
}
