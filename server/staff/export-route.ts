/**
 * GET /staff/export.csv (issue #13): the inbox's current filter as CSV, for staff only. The same query names and
 * zod schema as the inbox; rows streamed oldest first in batches; cells that a spreadsheet would run as formulas are
 * neutralised, and phones (typed and in E.164) are written as text a spreadsheet keeps with the + and the leading 0
 * (server/data/csv.ts). Every export goes to the audit log with its filter and row count.
 */
import express from 'express';
import type { Selectable } from 'kysely';
import { inboxFilterSchema, requestStatusLabels, requestTypeLabels } from '../../shared/requests';
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
  ['Received (UTC)', (row) => row.created_at],
  ['Name', (row) => row.full_name],
  ['Email', (row) => row.email],
  ['Phone', (row) => row.phone],
  ['Phone (E.164)', (row) => row.phone_e164],
  ['Asked for', (row) => row.subject],
  ['Requested date', (row) => row.requested_date],
  ['Confirmed for (Lagos)', (row) => row.confirmed_for],
  ['Message to the patient', (row) => row.patient_message],
  ['Cancel reason', (row) => row.cancel_reason],
];

type ExportRow = Selectable<RequestsTable> & { owner_name: string | null };

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
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="requests-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      res.write(line(columns.map(([header]) => header)));
      let count = 0;
      for await (const batch of requests.stream(services.db, inboxQuery(parsed.data), user.id)) {
        res.write(
          batch
            .map((row) => rowLine({ ...row, owner_name: row.owner_id ? (owners.get(row.owner_id) ?? null) : null }))
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
