import { tokenResponse, type LoginRequest, type RegisterRequest, type TokenResponse } from '@portal/contract';
import { http } from '../../../lib/http';

// One function per API operation of signing in (spec sections 5 and 7).

export function logIn(body: LoginRequest): Promise<TokenResponse> {
  return http.post('/login', body, tokenResponse);
}

export function registerCitizen(body: RegisterRequest): Promise<TokenResponse> {
  return http.post('/register', body, tokenResponse);
}
