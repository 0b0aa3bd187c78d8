import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { WAIT_TIMEOUT } from './wait-timeout.ts';

configure({ asyncUtilTimeout: WAIT_TIMEOUT });

afterEach(() => {
  cleanup();
});
