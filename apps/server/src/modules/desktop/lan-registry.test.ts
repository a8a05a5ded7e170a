import { createMemoryLanRegistry } from './lan-registry';
import { CONTRACT_BOUNDS, describeLanRegistryBounds } from './lan-registry.contract';

describeLanRegistryBounds('memory registry', async () => createMemoryLanRegistry(CONTRACT_BOUNDS));
