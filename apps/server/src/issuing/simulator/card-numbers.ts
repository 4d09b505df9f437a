import { randomInt } from 'node:crypto';

/** The Luhn check digit for the digits given. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(number: string): boolean {
  return /^\d{12,19}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === Number(number.slice(-1));
}

/** A 16-digit Visa test number (BIN 400000) that passes the Luhn check. */
export function testCardNumber(): string {
  let body = '400000';
  while (body.length < 15) body += String(randomInt(10));
  return body + luhnCheckDigit(body);
}

export function testCvc(): string {
  return String(randomInt(1000)).padStart(3, '0');
}
