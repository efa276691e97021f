import { describe, expect, it } from 'vitest';
import { applicationRules, approveRules, validateApplication, validateDealerCode } from './validation.ts';

const valid = {
  dealerName: 'Anadolu Alarm',
  name: 'Selin Arslan',
  info: 'selin@anadolualarm.example',
  seller: 'Marmara',
};

describe('the dealership form rules', () => {
  it("read the spec's minimum of 3 characters from the contract", () => {
    expect(applicationRules.rules.dealerName).toMatchObject({ required: true, minLength: 3 });
    expect(applicationRules.rules.name).toMatchObject({ required: true, minLength: 3 });
    expect(applicationRules.rules.info.required).toBe(true);
    expect(applicationRules.rules.seller.required).toBe(true);
    expect(approveRules.rules.code).toMatchObject({ required: true, minLength: 3 });
  });

  it('accept a complete application and refuse short or missing fields', () => {
    expect(validateApplication(valid)).toEqual({});
    expect(validateApplication({ dealerName: 'AB', name: '', info: '', seller: '' })).toEqual({
      dealerName: 'dealer.validation.dealerNameTooShort',
      name: 'dealer.validation.nameRequired',
      info: 'dealer.validation.infoRequired',
      seller: 'dealer.validation.sellerRequired',
    });
    expect(validateApplication({ ...valid, name: 'Al' }).name).toBe('dealer.validation.nameTooShort');
  });

  it('need a dealer code of at least 3 characters, trimmed', () => {
    expect(validateDealerCode('ANK006')).toBeUndefined();
    expect(validateDealerCode('  ')).toBe('dealerRequests.approve.codeRequired');
    expect(validateDealerCode(' AN ')).toBe('dealerRequests.approve.codeTooShort');
  });
});
