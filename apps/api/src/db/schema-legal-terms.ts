import type { CaseType, Department } from '@portal/contract';

/** The admin's term for letters to a department, in months (letters module; migration 0033). */
export interface DepartmentTermsTable {
  department: Department;
  months: number;
}

/** The admin's terms for a case type, in months: ordinary and particularly complicated (cases module). */
export interface CaseTypeTermsTable {
  case_type: CaseType;
  months: number;
  complicated_months: number;
}

/** The legal clock's tables, pulled into `Database` by schema.ts. */
export interface LegalTermsTables {
  department_terms: DepartmentTermsTable;
  case_type_terms: CaseTypeTermsTable;
}
