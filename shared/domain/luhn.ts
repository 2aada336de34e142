// domain → the Luhn (mod 10) check digit that ends every ICCID (ITU-T E.118).

export const luhnCheckDigit = (body: string): number => {
  let sum = 0;
  [...body].reverse().forEach((char, index) => {
    let digit = Number(char);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  });
  return (10 - (sum % 10)) % 10;
};

export const hasValidLuhn = (digits: string): boolean => /^\d{2,}$/.test(digits) && luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
