/** What POST /webhooks/stripe answers Stripe: the synchronous decision, or that the event was received. */
export function presentWebhookAnswer(answer: { kind: 'decision'; approved: boolean } | { kind: 'received' }) {
  return answer.kind === 'decision' ? { approved: answer.approved } : { received: true };
}
