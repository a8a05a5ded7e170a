import { afterAll, afterEach } from 'vitest';
import { describeDrifts, takeContractDrifts } from './contract-check';

// Every server test file: an answer outside the OpenAPI document fails the test that received it, and one
// received in a file's own set-up or tear-down fails the file.
function failOnDrifts(): void {
  const { drifts } = takeContractDrifts();
  if (drifts.length > 0) throw new Error(describeDrifts(drifts));
}

afterEach(failOnDrifts);
afterAll(failOnDrifts);
