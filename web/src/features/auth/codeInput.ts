import { APP_CODE_LENGTH } from './twoFactorTexts';

// What is kept of the app's code as it is typed or pasted: its digits, at most six. Apps show the
// code in groups ("123 456"), so a pasted code keeps working.
export function appCodeOf(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, APP_CODE_LENGTH);
}
