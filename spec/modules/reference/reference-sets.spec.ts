import { expect } from 'chai';
import * as root from '../../../index';
import { REFERENCE_PERMISSIONS, REFERENCE_ROLES } from '../../../modules/reference';

describe('reference: the reference roles and permissions', () => {
  it('has the five reference roles with their levels', () => {
    expect(REFERENCE_ROLES.map(({ name, level }) => [name, level])).to.deep.equal([
      ['admin', 100],
      ['manager', 80],
      ['team_lead', 60],
      ['developer', 40],
      ['viewer', 20],
    ]);
    for (const role of REFERENCE_ROLES) expect(role.description).to.be.a('string').and.not.equal('');
  });

  it('holds exactly the 22 reference permissions: users, tasks, teams and admin', () => {
    expect([...REFERENCE_PERMISSIONS].sort()).to.deep.equal(
      [
        'users.create',
        'users.read',
        'users.update',
        'users.delete',
        'users.list',
        'users.change_role',
        'tasks.create',
        'tasks.read',
        'tasks.update',
        'tasks.delete',
        'tasks.assign',
        'tasks.complete',
        'teams.create',
        'teams.read',
        'teams.update',
        'teams.delete',
        'teams.add_member',
        'teams.remove_member',
        'admin.users',
        'admin.tasks',
        'admin.teams',
        'admin.analytics',
      ].sort(),
    );
    expect(REFERENCE_PERMISSIONS).to.have.length(22);
  });

  it('cannot be changed by accident', () => {
    expect(Object.isFrozen(REFERENCE_ROLES)).to.equal(true);
    expect(Object.isFrozen(REFERENCE_ROLES[0])).to.equal(true);
    expect(Object.isFrozen(REFERENCE_PERMISSIONS)).to.equal(true);
  });

  it('are exported from the package root under the same names', () => {
    expect(root.REFERENCE_ROLES).to.equal(REFERENCE_ROLES);
    expect(root.REFERENCE_PERMISSIONS).to.equal(REFERENCE_PERMISSIONS);
  });
});
