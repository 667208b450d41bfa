import type { ContactInput } from '../../../contract/contact.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';

export async function insertContactMessage(db: Db, input: ContactInput & { ip: string }) {
  const [row] = await db
    .insert(contactMessages)
    .values(input)
    .returning({ id: contactMessages.id });
  return row!.id;
}
