/** One view of the patient (issue #29.4): staff only, beside a conversation or a request. */
import { TRPCError } from '@trpc/server';
import { normalisePhone } from '../../../shared/phone';
import { patientPanelSchema, type PatientPanel } from '../../../shared/patient-panel';
import { patientPanelData } from '../../data/patient-panel';
import { staffProcedure } from '../trpc';

export const patientPanelProcedure = staffProcedure.input(patientPanelSchema).query(async ({ ctx, input }) => {
  const who =
    'conversationId' in input
      ? await patientPanelData.forConversation(ctx.db, input.conversationId)
      : await patientPanelData.forRequest(ctx.db, input.requestId);
  if (!who) throw new TRPCError({ code: 'NOT_FOUND', message: 'That conversation or request no longer exists.' });
  const [requests, conversations] = await Promise.all([
    patientPanelData.requests(ctx.db, who),
    patientPanelData.conversations(ctx.db, who),
  ]);
  const panel: PatientPanel = {
    name: who.name,
    email: who.email,
    phone: who.phone,
    phoneMobile: normalisePhone(who.phone)?.mobile ?? false,
    requests,
    conversations,
  };
  return panel;
});
