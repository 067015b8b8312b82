import { useMutation } from '@tanstack/react-query';
import { logIn, registerCitizen } from './calls';

export function useLogInMutation() {
  return useMutation({ mutationFn: logIn });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: registerCitizen });
}
