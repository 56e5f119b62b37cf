import { servicePrismaConfig } from '@ferry/db/config';

export default servicePrismaConfig();
