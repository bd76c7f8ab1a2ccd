import NavGraphCommand; NavGraphCommand.main()
