import { registerTranslations } from '../i18n';

/** Canned replies (issue 33 point 4): the chat's picker and the templates' managers, staff only. */
export const REPLY_TEMPLATES_NS = registerTranslations('reply-templates', {
  en: {
    picker: {
      title: 'Reply templates',
      search: 'Search templates by name',
      list: 'Templates',
      none: 'No template\u2019s name matches \u201c{{q}}\u201d.',
      noneYet: 'No templates for this letter yet: the admins keep each department\u2019s, and you can write your own under My reply templates.',
      insert: 'Insert into the message',
      inserting: 'Inserting...',
      inserted: 'The template is in the message box: edit it before you send.',
      failed: 'The template could not be filled. Please try again.',
    },
    manager: {
      departmentTitle: 'Reply templates of the departments',
      personalTitle: 'My reply templates',
      intro: 'Placeholders filled from the conversation: {firstName}, {lastName}, {reference}, {subject}, {dueDate}, {clerkName}.',
      empty: 'No templates yet.',
      name: 'Name',
      language: 'Language',
      department: 'Department',
      chooseDepartment: 'Choose a department',
      text: 'Text',
      save: 'Save template',
      saving: 'Saving...',
      saved: 'The template was saved.',
      edit: 'Edit',
      cancel: 'Cancel editing',
      delete: 'Delete',
      deleted: 'The template was deleted.',
      failed: 'The template could not be saved. Please try again.',
      editing: 'Editing: {{name}}',
      newTemplate: 'New template',
    },
    languages: { en: 'English', pl: 'Polish' },
    departments: {
      'City Administration': 'City Administration',
      'Public Works Department': 'Public Works Department',
      'Parks and Recreation Department': 'Parks and Recreation Department',
    },
    loadFailed: 'The templates could not be loaded.',
  },
  pl: () => import('./i18n-pl'),
});
