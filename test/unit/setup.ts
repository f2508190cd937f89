import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { fakePermissions } from './fake-permissions.ts';

beforeEach(() => fakePermissions.reset());
