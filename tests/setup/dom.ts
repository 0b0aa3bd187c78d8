import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { WAIT_TIMEOUT } from './waiting.ts';

configure({ asyncUtilTimeout: WAIT_TIMEOUT });

afterEach(() => {
  cleanup();
});
