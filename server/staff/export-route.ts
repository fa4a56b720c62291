/**
 * GET /staff/export.csv (issue #13): the inbox's current filter as CSV, for staff only. The same query names and
 * zod schema as the inbox; rows streamed oldest first in batches; cells that a spreadsheet would run as formulas are
 * neutralised, and phones (typed and in E.164) are written as text a spreadsheet keeps with the + and the leading 0
 * (server/data/csv.ts). Every export goes to the audit log with its filter and row count. The front desk's version
 * (issue #29.7): the file is named after its filter, times are Lagos time, and an appointment's preferred time, the
 * patient's own message and the staff's internal notes are columns.
 */
import express from 'express';
import type { Selectable } from 'kysely';
import { formatLagosStamp, lagosToday } from '../../shared/lagos-date';
import { inboxFilterSchema, requestStatusLabels, requestTypeLabels, type InboxFilter } from '../../shared/requests';
import { csvCell, csvPhoneCell } from '../data/csv';
import { requests } from '../data/requests';
import type { RequestsTable } from '../db/schema';
import type { AppServices } from '../services';
import { inboxQuery } from './inbox-query';
import { staffForRequest } from './staff-request';

const columns: [header: string, cell: (row: ExportRow) => unknown][] = [
  ['Reference', (row) => row.reference],
  ['Type', (row) => requestTypeLabels[row.type]],
  ['Status', (row) => requestStatusLabels[row.status]],
  ['Owner', (row) => row.owner_name],
  ['Received (Lagos)', (row) => formatLagosStamp(row.created_at)],
  ['Name', (row) => row.full_name],
  ['Email', (row) => row.email],
  ['Phone', (row) => row.phone],
  ['Phone (E.164)', (row) => row.phone_e164],
  ['Asked for', (row) => row.subject],
  ['Requested date', (row) => row.requested_date],
  ['Preferred time', (row) => row.details?.preferredTime],
  ['Confirmed for (Lagos)', (row) => row.confirmed_for?.replace('T', ' ')],
  ['Next call (Lagos)', (row) => row.next_call_at && formatLagosStamp(row.next_call_at)],
  ["Patient's message", (row) => row.details?.patientText],
  ['Internal notes', (row) => row.details?.notes],
  ['Message to the patient', (row) => row.patient_message],
  ['Cancel reason', (row) => row.cancel_reason],
];

type ExportDetails = { preferredTime: string | null; patientText: string | null; notes: string | null };
type ExportRow = Selectable<RequestsTable> & { owner_name: string | null; details: ExportDetails | undefined };

/** 'requests-appointment-open-mine-2026-11-27.csv': the filter's values, then the Lagos day of the export. */
export function exportFileName(filter: InboxFilter, today: string): string {
  const owner =
    filter.owner === 'me' ? 'mine' : filter.owner === 'none' ? 'unassigned' : filter.owner && `owner${filter.owner}`;
  const search =
    filter.search &&
    `search-${filter.search
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 30)}`;
  const dates = filter.from || filter.to ? `received-${filter.from ?? 'start'}-to-${filter.to ?? today}` : undefined;
  const parts = [filter.type, filter.status ?? 'all', owner, dates, search].filter(Boolean);
  return `requests-${parts.join('-').replace(/_/g, '-')}-${today}.csv`;
}

const phoneHeaders = new Set(['Phone', 'Phone (E.164)']);
const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
const rowLine = (row: ExportRow) =>
  `${columns.map(([header, cell]) => (phoneHeaders.has(header) ? csvPhoneCell : csvCell)(cell(row))).join(',')}\r\n`;

export function staffExportRouter(services: AppServices) {
  const router = express.Router();
  router.get('/staff/export.csv', async (req, res, next) => {
    try {
      const user = await staffForRequest(services, req, res, '/staff/export.csv');
      if (!user) return;
      const query = Object.fromEntries(Object.entries(req.query).filter(([, value]) => value !== ''));
      const owner = query.owner;
      const parsed = inboxFilterSchema.safeParse({
        ...query,
        ...(typeof owner === 'string' && /^\d+$/.test(owner) ? { owner: Number(owner) } : {}),
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        return void res
          .status(400)
          .type('text/plain')
          .send(`${issue.path.join('.')}: ${issue.message}`);
      }
      const owners = new Map(
        (
          await services.db
            .selectFrom('users')
            .select(['id', 'full_name'])
            .where('role', 'in', ['agent', 'admin'])
            .execute()
        ).map((row) => [row.id, row.full_name]),
      );
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(parsed.data, lagosToday())}"`);
      res.write(line(columns.map(([header]) => header)));
      let count = 0;
      for await (const batch of requests.stream(services.db, inboxQuery(parsed.data), user.id)) {
        const details = await requests.exportDetails(services.db, batch);
        res.write(
          batch
            .map((row) =>
              rowLine({
                ...row,
                owner_name: row.owner_id ? (owners.get(row.owner_id) ?? null) : null,
                details: details.get(row.id),
              }),
            )
            .join(''),
        );
        count += batch.length;
      }
      // Audited before the file ends: whoever holds the whole file can rely on the export being on record.
      await services.audit.record({
        type: 'requests.export',
        actorUserId: user.id,
        ip: req.ip ?? null,
        subject: 'requests',
        detail: {
          count,
          ...Object.fromEntries(Object.entries(parsed.data).map(([key, value]) => [key, String(value)])),
        },
      });
      res.end();
    } catch (error) {
      next(error);
    }
  });
  return router;
}
