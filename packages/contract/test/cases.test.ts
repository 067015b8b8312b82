import { describe, expect, it } from 'vitest';
import {
  caseApiMessages,
  caseMessages as m,
  caseResolutionDTO,
  createCaseRequest,
  firstIssuePerField,
  hasPdfSignature,
  mebibytes,
  vehicleRegistrationDTO,
} from '../src/index.js';

const validVehicle = {
  vehicleNumberPlate: 'KR 12345',
  vehicleMake: 'Skoda',
  vehicleModel: 'Octavia',
  vehicleYear: 2019,
  registrationDate: '2024-05-02',
  vehicleColor: 'Blue',
  vehicleVin: 'TMBJJ7NE8K0123456',
  vehicleType: 'SEDAN',
};

function vehicleError(field: keyof typeof validVehicle, value: unknown) {
  const result = vehicleRegistrationDTO.safeParse({ ...validVehicle, [field]: value });
  return result.success ? undefined : firstIssuePerField(result.error.issues)[field];
}

const thisYear = new Date().getFullYear();

describe('vehicle registration (spec section 5)', () => {
  it.each(['KR 12345', 'WA1234A', 'DW 1234X'])('accepts the plate %j', (plate) => {
    expect(vehicleError('vehicleNumberPlate', plate)).toBeUndefined();
  });

  it.each(['kr 12345', 'K 12345', 'KRAK 1234', 'KR 123', '', 'KR  12345', 'KR-12345', undefined])('refuses the plate %j', (plate) => {
    expect(vehicleError('vehicleNumberPlate', plate)).toBe("Invalid vehicle number plate. Follow Polish standards (e.g., 'KR 12345').");
  });

  it('wants a VIN of exactly 17 characters, and says so differently when it is empty', () => {
    expect(vehicleError('vehicleVin', 'A'.repeat(17))).toBeUndefined();
    expect(vehicleError('vehicleVin', 'A'.repeat(16))).toBe('VIN must be exactly 17 characters.');
    expect(vehicleError('vehicleVin', 'A'.repeat(18))).toBe('VIN must be exactly 17 characters.');
    expect(vehicleError('vehicleVin', '')).toBe('Vin number is required.');
    expect(vehicleError('vehicleVin', '   ')).toBe('Vin number is required.');
    expect(vehicleError('vehicleVin', undefined)).toBe('Vin number is required.');
  });

  it('takes a year from 1886 up to the current year', () => {
    expect(vehicleError('vehicleYear', 1885)).toBe('Enter a valid vehicle year.');
    expect(vehicleError('vehicleYear', 1886)).toBeUndefined();
    expect(vehicleError('vehicleYear', thisYear)).toBeUndefined();
    expect(vehicleError('vehicleYear', thisYear + 1)).toBe('Enter a valid vehicle year.');
    for (const year of [undefined, null, Number.NaN, 2000.5, '2000']) {
      expect(vehicleError('vehicleYear', year), String(year)).toBe('Enter a valid vehicle year.');
    }
  });

  it.each([
    ['vehicleMake', 'Vehicle make is required.'],
    ['vehicleModel', 'Vehicle model is required.'],
    ['registrationDate', 'Registration date is required.'],
    ['vehicleColor', 'Vehicle color required.'],
  ] as const)('requires %s with "%s"', (field, message) => {
    expect(vehicleError(field, undefined)).toBe(message);
    expect(vehicleError(field, '')).toBe(message);
    expect(vehicleError(field, ' ')).toBe(message);
  });

  it('reads a registration date only as a real calendar date', () => {
    expect(vehicleError('registrationDate', '2024-02-30')).toBe('Registration date is required.');
    expect(vehicleError('registrationDate', '02/05/2024')).toBe('Registration date is required.');
  });

  it('bounds make, model and color, which the spec leaves open', () => {
    expect(vehicleError('vehicleMake', 'M'.repeat(50))).toBeUndefined();
    expect(vehicleError('vehicleMake', 'M'.repeat(51))).toBe(caseApiMessages.textTooLong);
  });

  it('gives the vehicle type OTHER when none is chosen and refuses an unknown one', () => {
    for (const vehicleType of [undefined, null, '']) {
      expect(vehicleRegistrationDTO.parse({ ...validVehicle, vehicleType }).vehicleType).toBe('OTHER');
    }
    expect(vehicleError('vehicleType', 'SPACESHIP')).toBeDefined();
  });

  it('reports every broken field at once, as the form shows them on submit', () => {
    const result = vehicleRegistrationDTO.safeParse({});
    expect(result.success).toBe(false);
    expect(firstIssuePerField(result.error?.issues ?? [])).toEqual({
      vehicleNumberPlate: m.plateInvalid,
      vehicleMake: m.makeRequired,
      vehicleModel: m.modelRequired,
      vehicleYear: m.yearInvalid,
      registrationDate: m.registrationDateRequired,
      vehicleColor: m.colorRequired,
      vehicleVin: m.vinRequired,
    });
  });
});

describe('case creation request (spec sections 3, 7 and 9)', () => {
  it('gives the case type OTHER when none is chosen, and keeps comments optional', () => {
    expect(caseResolutionDTO.parse({})).toEqual({ caseType: 'OTHER', comments: null });
    expect(caseResolutionDTO.parse({ caseType: null, comments: '  ' })).toEqual({ caseType: 'OTHER', comments: null });
    expect(createCaseRequest.parse({}).caseResolutionDTO.caseType).toBe('OTHER');
  });

  it('ignores what the server decides (id, status, date, documents)', () => {
    const parsed = caseResolutionDTO.parse({ caseType: 'OTHER', id: 9, status: 'RESOLVED', submissionDate: 'x', additionalDocuments: ['a'] });
    expect(parsed).toEqual({ caseType: 'OTHER', comments: null });
  });

  it('wants vehicle details with a vehicle registration and none with another type', () => {
    const vehicleCase = { caseResolutionDTO: { caseType: 'VEHICLE_REGISTRATION' } };
    const missing = createCaseRequest.safeParse(vehicleCase);
    expect(firstIssuePerField(missing.error?.issues ?? [])).toEqual({ vehicleRegistrationDTO: caseApiMessages.vehicleRequired });
    expect(createCaseRequest.safeParse({ ...vehicleCase, vehicleRegistrationDTO: validVehicle }).success).toBe(true);

    for (const vehicleRegistrationDTO of [undefined, null]) {
      expect(createCaseRequest.safeParse({ caseResolutionDTO: { caseType: 'IDENTITY_CARD' }, vehicleRegistrationDTO }).success).toBe(true);
    }
    const extra = createCaseRequest.safeParse({ caseResolutionDTO: { caseType: 'OTHER' }, vehicleRegistrationDTO: validVehicle });
    expect(firstIssuePerField(extra.error?.issues ?? [])).toEqual({ vehicleRegistrationDTO: caseApiMessages.vehicleNotAllowed });
  });

  it('names nested vehicle fields by their path', () => {
    const result = createCaseRequest.safeParse({
      caseResolutionDTO: { caseType: 'VEHICLE_REGISTRATION' },
      vehicleRegistrationDTO: { ...validVehicle, vehicleVin: 'SHORT' },
    });
    expect(firstIssuePerField(result.error?.issues ?? [])).toEqual({ 'vehicleRegistrationDTO.vehicleVin': m.vinLength });
  });

  it('takes the user id only as a JSON number', () => {
    for (const userId of ['7', 0, -1, 1.5, true]) {
      expect(caseResolutionDTO.safeParse({ userId }).success, String(userId)).toBe(false);
    }
  });
});

describe('PDF recognition', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('goes by the first five bytes only', () => {
    expect(hasPdfSignature(bytes('%PDF-1.7\n...'))).toBe(true);
    expect(hasPdfSignature(bytes('%PDF-'))).toBe(true);
    expect(hasPdfSignature(bytes('%PDF'))).toBe(false);
    expect(hasPdfSignature(bytes(' %PDF-1.7'))).toBe(false);
    expect(hasPdfSignature(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(hasPdfSignature(new Uint8Array())).toBe(false);
  });

  it('words the limit in mebibytes', () => {
    expect(caseApiMessages.fileTooLarge(mebibytes(10 * 1024 * 1024))).toBe('The file is larger than 10 MiB.');
    expect(mebibytes(1.5 * 1024 * 1024)).toBe('1.5');
  });
});
