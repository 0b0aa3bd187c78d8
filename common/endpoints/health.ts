// Whether this server and its database answer: a load balancer's health check, and its readiness check.
import { endpoint } from '../contract.ts';
import { Health, Ready } from '../schemas/health.ts';

/** Liveness: the process answers and so does its database. */
export const health = endpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  response: Health,
});

/**
 * Readiness: this server should be sent traffic: it is not draining before a stop, its database answers and
 * its file storage is usable. 503 with a sentence otherwise.
 */
export const ready = endpoint({
  method: 'GET',
  path: '/api/health/ready',
  access: 'public',
  response: Ready,
});
