import NavigationCodegen; GenerateCommandLine.main()
