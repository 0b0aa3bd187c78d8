// Whether this server and its database answer: a load balancer's health check.
import { endpoint } from '../contract.ts';
import { Health } from '../schemas/health.ts';

export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  response: Health,
});
