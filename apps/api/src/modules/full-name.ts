/** How a person's name is shown everywhere (conversation lists, chat senders). */
export const fullName = (person: { firstName: string; lastName: string }): string => `${person.firstName} ${person.lastName}`;
