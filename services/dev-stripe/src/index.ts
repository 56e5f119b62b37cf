export { startStripeServer, type ApiExchange, type StripeServer, type StripeServerOptions } from './server.js';
export { stripeSignature } from './webhooks/signature.js';
export { checkCard, type CardBehaviour } from './domain/cards.js';
export { API_VERSION } from './domain/objects.js';
