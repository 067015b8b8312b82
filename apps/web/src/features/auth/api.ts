import { tokenResponse, type LoginRequest, type RegisterRequest, type TokenResponse } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/http';

export function logIn(body: LoginRequest): Promise<TokenResponse> {
  return http.post('/login', body, tokenResponse);
}

export function registerCitizen(body: RegisterRequest): Promise<TokenResponse> {
  return http.post('/register', body, tokenResponse);
}

export function useLogInMutation() {
  return useMutation({ mutationFn: logIn });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: registerCitizen });
}
