import { expect } from 'chai';
import { passwordSchema } from '../../../modules/auth';

describe('auth: passwordSchema', () => {
  const problems = (password: string) => {
    const result = passwordSchema.safeParse(password);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('accepts a password with every kind of character', () => {
    expect(problems('Demo-pass-123!')).to.deep.equal([]);
    expect(problems('Ñandú_2024x')).to.deep.equal([]);
  });

  it('when a rule is broken, it names that rule', () => {
    expect(problems('Ab1!')).to.deep.equal(['La contraseña debe tener al menos 8 caracteres']);
    expect(problems('lower-case-1')).to.deep.equal(['La contraseña debe contener una letra mayúscula']);
    expect(problems('UPPER-CASE-1')).to.deep.equal(['La contraseña debe contener una letra minúscula']);
    expect(problems('No-digits-here')).to.deep.equal(['La contraseña debe contener un número']);
    expect(problems('NoSpecial123')).to.deep.equal(['La contraseña debe contener un carácter especial']);
  });

  it('when the password is longer than bcrypt reads (72 bytes), it is refused', () => {
    expect(problems(`Aa1!${'x'.repeat(68)}`)).to.deep.equal([]);
    expect(problems(`Aa1!${'x'.repeat(69)}`)).to.deep.equal(['La contraseña no puede superar 72 bytes']);
  });

  it('when the value is not a string, it is refused', () => {
    expect(passwordSchema.safeParse(12345678).success).to.equal(false);
  });
});
